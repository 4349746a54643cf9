import { FeatureModule } from '@suite/runtime';
import { CompaniesService } from './companies.service';
import { CompanyEntity } from './company.entity';
import { InternalCompaniesController } from './internal-companies.controller';

@FeatureModule({
  entities: [CompanyEntity],
  controllers: [InternalCompaniesController],
  providers: [CompaniesService],
  exports: [CompaniesService],
})
export class CompaniesModule {}
