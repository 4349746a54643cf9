import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull, Not, type EntityManager } from 'typeorm';
import { newEvent, Outbox } from '@suite/eventing';
import { isPermission, normalizeEmail, type Permission, type UserStatus } from '@suite/contracts';
import { AppError, type PageRequest } from '@suite/http';
import { isUniqueViolation, CompanyScopedRepository, unscopedRepository } from '@suite/database';
import { assertCompanyReferences, numericIds } from '../../shared/company-references';
import { assertGrantable, assertMayActOnUser } from '../../shared/grantable';
import { RoleEntity } from './role.entity';
import { UserExtPhoneEntity } from './user-ext-phone.entity';
import { USER_MEMBERSHIPS, type UserMemberships } from './user-memberships';
import { USER_PHONE_NUMBERS, type UserPhoneNumberEntity } from './user-phone-numbers';
import { appendUserSnapshot } from './user-snapshot';
import { UserEntity, type Dialer, type PayForSeats, type UseBalance, type YesNo } from './user.entity';
import { hashPassword } from '@suite/passwords';

/** The company's live-email unique index (see UserEntity). */
const EMAIL_INDEX = 'UQ_users_company_email_key_live';
const EMAIL_TAKEN = { email: ['The email has already been taken.'] };
const USER_NOT_FOUND = 'User not found.';

export interface UserSettings {
  status?: UserStatus;
  dialer?: Dialer;
  useBalance?: UseBalance;
  payForSeats?: PayForSeats;
  useCompanySeat?: YesNo;
  localPresence?: YesNo;
  phoneNumber?: string | null;
  extPhone?: number[];
  areaCodes?: string[];
}

export interface UpdateUserInput extends UserSettings {
  name: string;
  email: string;
  roleId: string;
  /** Omitted keeps the current password. */
  password?: string;
}

export interface CreateUserInput extends UpdateUserInput {
  password: string;
}

/**
 * Who asks: `permissions` are the caller's effective permissions (`permissionsOf`: scopes ∩ role),
 * the ceiling of any role it assigns and of any user it edits, deletes or logs in as; `userId`
 * stops a user deleting themselves. Omitted for system calls (seeding, the admin CLI).
 */
export interface Actor {
  userId: string | null;
  permissions: readonly Permission[];
}

/**
 * Users of a company. Every query goes through the company's CompanyScopedRepository (the email
 * check too: an email is unique in the company, decision 0037); every change commits together with its
 * `user.*` event (transactional outbox), so auth's login replica and every app's authz replica
 * follow. Passwords are hashed (argon2id) before the transaction and never logged nor returned.
 */
@Injectable()
export class UsersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    @Inject(USER_PHONE_NUMBERS) private readonly phoneNumbers: UserPhoneNumberEntity,
    @Inject(USER_MEMBERSHIPS) private readonly memberships: UserMemberships,
  ) {}

  async list(companyId: string, page: PageRequest): Promise<{ users: UserEntity[]; total: number }> {
    const [users, total] = await this.users(this.dataSource, companyId).findAndCount({
      where: { deletedAt: IsNull() },
      relations: { extPhones: true },
      order: { id: 'ASC' },
      skip: page.offset,
      take: page.perPage,
    });
    return { users, total };
  }

  async get(companyId: string, id: string): Promise<UserEntity> {
    const user = await this.users(this.dataSource, companyId).findOne({
      where: { id, deletedAt: IsNull() },
      relations: { extPhones: true },
    });
    if (!user) throw new AppError('not_found', USER_NOT_FOUND);
    return user;
  }

  async create(companyId: string, input: CreateUserInput, actor?: Actor): Promise<UserEntity> {
    const passwordHash = await hashPassword(input.password);
    const id = await this.writeEmailSafely(async (manager) => {
      const role = await this.referencesOf(manager, companyId, input);
      assertGrantable(role.permissions, actor?.permissions);
      await this.assertEmailFree(manager, companyId, input.email);
      const users = this.users(manager, companyId);
      const user = users.create({
        name: input.name,
        email: input.email.trim(),
        emailKey: normalizeEmail(input.email),
        passwordHash,
        roleId: role.id,
        status: input.status ?? 'Active',
        dialer: input.dialer ?? 'No',
        useBalance: input.useBalance ?? 'Company',
        payForSeats: input.payForSeats ?? 'No',
        useCompanySeat: input.useCompanySeat ?? 'No',
        localPresence: input.localPresence ?? 'No',
        phoneNumber: input.phoneNumber ?? null,
        areaCodes: [],
        deletedAt: null,
      });
      user.areaCodes = areaCodesFor(user.localPresence, input.areaCodes, []);
      await users.save(user);
      if (input.extPhone) await this.replaceExtPhones(manager, user.id, input.extPhone);
      await appendUserSnapshot(this.outbox, manager, 'user.created', user, role);
      return user.id;
    });
    return this.get(companyId, id);
  }

  /** Update User: the spec's row. Fields omitted (besides the required ones) keep their value. */
  async update(companyId: string, id: string, input: UpdateUserInput, actor?: Actor): Promise<UserEntity> {
    const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
    await this.writeEmailSafely(async (manager) => {
      const users = this.users(manager, companyId);
      // Row lock: concurrent updates of one user commit (and publish their snapshots) in order.
      const user = await users.findOne({ where: { id, deletedAt: IsNull() }, lock: { mode: 'pessimistic_write' } });
      if (!user) throw new AppError('not_found', USER_NOT_FOUND);
      assertMayActOnUser('edit', await this.permissionsHeldBy(user, manager), actor?.permissions);
      const role = await this.referencesOf(manager, companyId, input);
      if (role.id !== user.roleId) assertGrantable(role.permissions, actor?.permissions);
      const emailKey = normalizeEmail(input.email);
      if (emailKey !== user.emailKey) await this.assertEmailFree(manager, companyId, input.email, user.id);

      user.name = input.name;
      user.email = input.email.trim();
      user.emailKey = emailKey;
      user.roleId = role.id;
      if (passwordHash) user.passwordHash = passwordHash;
      // The User status machine of the spec: any state → the supplied one.
      if (input.status) user.status = input.status;
      if (input.dialer) user.dialer = input.dialer;
      if (input.useBalance) user.useBalance = input.useBalance;
      if (input.payForSeats) user.payForSeats = input.payForSeats;
      if (input.useCompanySeat) user.useCompanySeat = input.useCompanySeat;
      if (input.localPresence) user.localPresence = input.localPresence;
      if (input.phoneNumber !== undefined) user.phoneNumber = input.phoneNumber;
      user.areaCodes = areaCodesFor(user.localPresence, input.areaCodes, user.areaCodes);
      await users.save(user);
      if (input.extPhone) await this.replaceExtPhones(manager, user.id, input.extPhone);
      await appendUserSnapshot(this.outbox, manager, 'user.updated', user, role);
    });
    return this.get(companyId, id);
  }

  /** Soft delete: the user disappears from listings and teams; `user.deleted` voids every credential of theirs. */
  async delete(companyId: string, id: string, actor?: Actor): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const users = this.users(manager, companyId);
      const user = await users.findOne({ where: { id, deletedAt: IsNull() }, lock: { mode: 'pessimistic_write' } });
      if (!user) throw new AppError('not_found', USER_NOT_FOUND);
      if (actor?.userId === user.id) throw new AppError('unprocessable', 'You cannot delete your own account.');
      assertMayActOnUser('delete', await this.permissionsHeldBy(user, manager), actor?.permissions);
      user.deletedAt = new Date();
      await users.save(user);
      await this.memberships.removeUser(manager, user.id);
      await this.outbox.append(
        manager,
        newEvent('user.deleted', { companyId, subject: user.id, data: { id: user.id, company_id: companyId } }),
      );
    });
  }

  /**
   * The permissions `user` holds through their role, whatever their status (a suspended admin
   * still outranks an editor). Given the write's `manager`, the role row is read FOR SHARE: its
   * permissions cannot change (RolesService.update takes it FOR UPDATE) before the write commits,
   * so a user cannot be raised above the caller between the check and the change.
   */
  async permissionsHeldBy(user: Pick<UserEntity, 'roleId' | 'companyId'>, manager?: EntityManager): Promise<Permission[]> {
    const role = await CompanyScopedRepository.of(manager ?? this.dataSource, RoleEntity, user.companyId).findOne({
      where: { id: user.roleId },
      ...(manager ? { lock: { mode: 'pessimistic_read' as const } } : {}),
    });
    return (role?.permissions ?? []).filter(isPermission);
  }

  /**
   * The role and the phone numbers (`ext_phone`, live ones) must be the company's (decision 0042):
   * otherwise 422 naming each field. Both stay FOR SHARE until the write commits, so the role cannot
   * be deleted or re-permissioned, nor a number released, meanwhile. Answers the role.
   */
  private async referencesOf(
    manager: EntityManager,
    companyId: string,
    input: UserSettings & { roleId: string },
  ): Promise<RoleEntity> {
    const { role_id } = await assertCompanyReferences(manager, companyId, {
      role_id: { entity: RoleEntity, noun: 'a role', ids: numericIds([input.roleId]) },
      ...(input.extPhone
        ? {
            ext_phone: {
              entity: this.phoneNumbers,
              noun: 'a phone number',
              many: true,
              ids: numericIds(input.extPhone),
              where: { releasedAt: IsNull() },
            },
          }
        : {}),
    });
    return role_id[0]!;
  }

  /**
   * In the company only (decision 0037): whether another company has a user with this email is
   * none of this caller's business, so a free email and one used elsewhere get the same answer.
   */
  private async assertEmailFree(manager: EntityManager, companyId: string, email: string, exceptUserId?: string): Promise<void> {
    const taken = await this.users(manager, companyId).exists({
      where: { emailKey: normalizeEmail(email), deletedAt: IsNull(), ...(exceptUserId ? { id: Not(exceptUserId) } : {}) },
    });
    if (taken) throw new AppError('invalid', 'The email has already been taken.', EMAIL_TAKEN);
  }

  private async replaceExtPhones(manager: EntityManager, userId: string, phoneNumberIds: number[]): Promise<void> {
    // The user's phones have no company id of their own; the user was found in the company.
    const phones = unscopedRepository(manager, UserExtPhoneEntity);
    await phones.delete({ userId });
    const unique = [...new Set(phoneNumberIds.map(String))];
    if (unique.length > 0) await phones.insert(unique.map((phoneNumberId) => ({ userId, phoneNumberId })));
  }

  /** A transaction whose race on the email index (two requests, one email) ends as the same 400. */
  private async writeEmailSafely<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error, EMAIL_INDEX)) throw new AppError('invalid', 'The email has already been taken.', EMAIL_TAKEN);
      throw error;
    }
  }

  /** Live users holding one of `roleIds` (for role changes). */
  static liveUsersOfRoles(manager: EntityManager, companyId: string, roleIds: string[]): Promise<UserEntity[]> {
    return CompanyScopedRepository.of(manager, UserEntity, companyId).find({
      where: { roleId: In(roleIds), deletedAt: IsNull() },
      order: { id: 'ASC' },
    });
  }

  /** The company's users, in `source` (the DataSource, or a transaction's manager). */
  private users(source: DataSource | EntityManager, companyId: string): CompanyScopedRepository<UserEntity> {
    return CompanyScopedRepository.of(source, UserEntity, companyId);
  }
}

/**
 * `area_codes` are used when local presence is Yes: kept (or replaced when sent) while it is
 * Yes, cleared when it is No, so a stale list never comes back with the setting.
 */
export function areaCodesFor(localPresence: YesNo, requested: string[] | undefined, current: string[]): string[] {
  if (localPresence !== 'Yes') return [];
  return requested ? [...new Set(requested)] : current;
}
