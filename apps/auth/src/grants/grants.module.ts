import { Module } from '@nestjs/common';
import { GrantsService } from './grants.service';

@Module({ providers: [GrantsService], exports: [GrantsService] })
export class GrantsModule {}
