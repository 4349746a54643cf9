// The public face of the directory: companies, users, roles and teams (decision 0059).
// Code outside this folder imports only from here; what is not exported is the context's own.
export { CompaniesModule } from './companies/companies.module';
export { CompaniesService } from './companies/companies.service';
export { CompanyEntity } from './companies/company.entity';
export type { WeekStart } from './companies/company.entity';
export { RolesModule } from './roles/roles.module';
export { RolesService } from './roles/roles.service';
export { TeamsModule } from './teams/teams.module';
export { TeamsService } from './teams/teams.service';
export { assertAssignable } from './users/assert-assignable';
export { LoginAsEnvironment } from './users/login-as-environment';
export { UserEntity } from './users/user.entity';
export { UsersModule } from './users/users.module';
export { UsersService } from './users/users.service';
export type { CreateUserInput } from './users/users.service';
export { USER_PHONE_NUMBERS } from './users/user-phone-numbers';
