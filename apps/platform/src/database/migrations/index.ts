import { Init1795321741991 } from './1795321741991-init';
import { AuthzReplicas1795324553332 } from './1795324553332-authz-replicas';
import { Directory1795325311640 } from './1795325311640-directory';
import { OutboxDeadLetter1795491623522 } from './1795491623522-outbox-dead-letter';
import { GrantManageWebhooks1795506000000 } from './1795506000000-grant-manage-webhooks';
import { Crm1795520285300 } from './1795520285300-crm';
import { GrantCrmPermissions1795520400000 } from './1795520400000-grant-crm-permissions';
import { PipelinePageIndexes1795523047881 } from './1795523047881-pipeline-page-indexes';
import { Voice1795528569916 } from './1795528569916-voice';
import { GrantVoicePermissions1795528600000 } from './1795528600000-grant-voice-permissions';
import { SpamNumberUnique1795529011248 } from './1795529011248-spam-number-unique';
import { CampaignTicks1795529078079 } from './1795529078079-campaign-ticks';
import { GrantWorkflowPermissions1795541000000 } from './1795541000000-grant-workflow-permissions';
import { Workflows1795542803812 } from './1795542803812-workflows';
import { GrantReportingPermissions1795549800000 } from './1795549800000-grant-reporting-permissions';
import { AdAccounts1795550199271 } from './1795550199271-ad-accounts';
import { SmsReadModel1795550558009 } from './1795550558009-sms-read-model';
import { ReportingCoveringIndexes1795553685457 } from './1795553685457-reporting-covering-indexes';
import { PerCompanyEmails1795804368278 } from './1795804368278-per-company-emails';
import { AnnounceLists1795804713467 } from './1795804713467-announce-lists';
import { DefaultAppointmentLength1795805704457 } from './1795805704457-default-appointment-length';
import { RateLimitBuckets1795808774951 } from './1795808774951-rate-limit-buckets';
import { VoiceProvidersLive1795809202662 } from './1795809202662-voice-providers-live';
import { AdGrants1795811077090 } from './1795811077090-ad-grants';
import { ContactErasures1795817413544 } from './1795817413544-contact-erasures';
import { GrantEraseContacts1795817413600 } from './1795817413600-grant-erase-contacts';

/** Every migration of this app, oldest first (rewritten by migration:generate). */
export const platformMigrations = [
  Init1795321741991,
  AuthzReplicas1795324553332,
  Directory1795325311640,
  OutboxDeadLetter1795491623522,
  GrantManageWebhooks1795506000000,
  Crm1795520285300,
  GrantCrmPermissions1795520400000,
  PipelinePageIndexes1795523047881,
  Voice1795528569916,
  GrantVoicePermissions1795528600000,
  SpamNumberUnique1795529011248,
  CampaignTicks1795529078079,
  GrantWorkflowPermissions1795541000000,
  Workflows1795542803812,
  GrantReportingPermissions1795549800000,
  AdAccounts1795550199271,
  SmsReadModel1795550558009,
  ReportingCoveringIndexes1795553685457,
  PerCompanyEmails1795804368278,
  AnnounceLists1795804713467,
  DefaultAppointmentLength1795805704457,
  RateLimitBuckets1795808774951,
  VoiceProvidersLive1795809202662,
  AdGrants1795811077090,
  ContactErasures1795817413544,
  GrantEraseContacts1795817413600,
];
