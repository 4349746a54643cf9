import { Module } from '@nestjs/common';
import { PersonalAccessTokensController } from './personal-access-tokens.controller';
import { PersonalAccessTokensService } from './personal-access-tokens.service';

@Module({ controllers: [PersonalAccessTokensController], providers: [PersonalAccessTokensService] })
export class PersonalAccessTokensModule {}
