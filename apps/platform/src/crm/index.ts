// The public face of the CRM: contacts, lists, pipelines and stages, appointments (decision 0059).
// Code outside this folder imports only from here; what is not exported is the context's own.
export { AppointmentEntity } from './appointments/appointment.entity';
export { AppointmentsModule } from './appointments/appointments.module';
export { AppointmentsService } from './appointments/appointments.service';
export type { AppointmentInput } from './appointments/appointments.service';
export { CONTACT_NOT_FOUND, ContactEntity } from './contact.entity';
export { ContactsModule } from './contacts/contacts.module';
export { ContactsService } from './contacts/contacts.service';
export type { ContactInput } from './contacts/contacts.service';
export { ContactTagWrites } from './contacts/contact-tag-writes';
export { ContactListMemberEntity } from './lists/contact-list-member.entity';
export { ContactListEntity } from './lists/contact-list.entity';
export { ListsModule } from './lists/lists.module';
export { ListsService } from './lists/lists.service';
export { normalizeDisposition } from './pipelines/disposition-name';
export { PipelineContactEntity } from './pipelines/pipeline-contact.entity';
export { PipelinePlacements } from './pipelines/pipeline-placements';
export { PipelineStageEntity } from './pipelines/pipeline-stage.entity';
export { PipelineEntity } from './pipelines/pipeline.entity';
export { PipelinesModule } from './pipelines/pipelines.module';
export { PipelinesService } from './pipelines/pipelines.service';
export { StageDispositionEntity } from './pipelines/stage-disposition.entity';
