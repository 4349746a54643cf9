import { Module } from '@nestjs/common';
import { JwksController } from './jwks.controller';
import { SigningKeysService } from './signing-keys.service';

@Module({ controllers: [JwksController], providers: [SigningKeysService], exports: [SigningKeysService] })
export class SigningKeysModule {}
