import { FeatureModule } from '@suite/database';
import { AdAccountsModule } from './ad-accounts/ad-accounts.module';
import { CompaniesModule } from '../directory';
import { DashboardController } from './dashboard/dashboard.controller';
import { DashboardQueries } from './dashboard/dashboard-queries';
import { DashboardService } from './dashboard/dashboard.service';
import { SmsMessageEntity } from './sms/sms-message.entity';
import { SmsReadModelHandler } from './sms/sms-read-model.handler';

/**
 * The business dashboard (`GET /api/dashboard/business`) and the read model it counts texts
 * from (`sms_messages`, fed by messaging's events). Ad spend comes from the ad-accounts feature.
 */
@FeatureModule({
  entities: [SmsMessageEntity],
  imports: [CompaniesModule, AdAccountsModule],
  controllers: [DashboardController],
  providers: [DashboardService, DashboardQueries, SmsReadModelHandler],
})
export class ReportingModule {}
