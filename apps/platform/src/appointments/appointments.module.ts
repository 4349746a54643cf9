import { FeatureModule } from '@suite/runtime';
import { AppointmentEntity } from './appointment.entity';

@FeatureModule({
  entities: [AppointmentEntity],
})
export class AppointmentsModule {}
