import { FeatureModule } from '@suite/database';
import { CompaniesService } from './companies.service';
import { CompanyEntity } from './company.entity';
import { CompanySettingsController } from './company-settings.controller';
import { InternalCompaniesController } from './internal-companies.controller';

@FeatureModule({
  entities: [CompanyEntity],
  controllers: [InternalCompaniesController, CompanySettingsController],
  providers: [CompaniesService],
  exports: [CompaniesService],
})
export class CompaniesModule {}
