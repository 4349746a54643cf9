import { FeatureModule } from '@suite/database';
import { AppointmentEntity } from './appointment.entity';
import { AppointmentsController } from './appointments.controller';
import { AppointmentsService } from './appointments.service';

/** Appointments booked with the CRM's contacts. */
@FeatureModule({
  entities: [AppointmentEntity],
  controllers: [AppointmentsController],
  providers: [AppointmentsService],
  exports: [AppointmentsService],
})
export class AppointmentsModule {}
