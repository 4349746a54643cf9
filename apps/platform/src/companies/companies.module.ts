import { Module } from '@nestjs/common';
import { CompaniesService } from './companies.service';
import { InternalCompaniesController } from './internal-companies.controller';

@Module({
  controllers: [InternalCompaniesController],
  providers: [CompaniesService],
  exports: [CompaniesService],
})
export class CompaniesModule {}
