import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull, type EntityManager } from 'typeorm';
import { CompanyReplicaEntity } from '@suite/authz';
import { normalizeEmail } from '@suite/contracts';
import { hashPassword, verifyPassword } from '@suite/passwords';
import { LoginUserEntity } from './login-user.entity';
import { verifyPaced } from './paced-verification';

export interface LoginIdentity {
  userId: string;
  companyId: string;
}

/** An account the company chooser offers: the user's company, by name. */
export interface CompanyChoice extends LoginIdentity {
  companyName: string;
}

/**
 * Checks email + password against the replica; only Active, undeleted users may log in. An email
 * may name one account per company (decision 0037): each has its own hash, and a password opens
 * those whose hash it matches.
 */
@Injectable()
export class LoginUsersService implements OnModuleInit {
  /** Verified when no user matches, so a miss costs as much time as a wrong password. */
  private dummyHash = '';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async onModuleInit(): Promise<void> {
    this.dummyHash = await hashPassword('not-a-password-of-anyone');
  }

  /** The live, Active accounts of an email (at most one per company), oldest first. */
  accountsOf(email: string): Promise<LoginUserEntity[]> {
    return this.dataSource.getRepository(LoginUserEntity).find({
      where: { email: normalizeEmail(email), deletedAt: IsNull(), status: 'Active' },
      order: { id: 'ASC' },
    });
  }

  /**
   * The accounts among `accounts` that `password` opens. Every hash is verified (none given: the
   * dummy one), and the answer is paced (verifyPaced): how many accounts an email has does not
   * show in the time it takes, nor does an unknown email.
   */
  async verifyAccounts(accounts: readonly LoginUserEntity[], password: string): Promise<LoginIdentity[]> {
    const hashes = accounts.length > 0 ? accounts.map((account) => account.passwordHash ?? this.dummyHash) : [this.dummyHash];
    const matches = await verifyPaced(hashes, (hash) => verifyPassword(hash, password));
    return accounts
      .filter((account, i) => account.passwordHash !== null && matches[i])
      .map((account) => ({ userId: account.id, companyId: account.companyId }));
  }

  /** Email and password, as the login form checks them without its throttle (operator tooling, tests). */
  async verify(email: string, password: string): Promise<LoginIdentity[]> {
    return this.verifyAccounts(await this.accountsOf(email), password);
  }

  /**
   * What the company chooser shows for `accounts`: those still Active, each with its company's
   * name from the company replica (its id while `company.created` has not arrived yet).
   */
  async companyChoices(accounts: readonly LoginIdentity[]): Promise<CompanyChoice[]> {
    if (accounts.length === 0) return [];
    const live = await this.dataSource.getRepository(LoginUserEntity).find({
      where: { id: In(accounts.map((account) => account.userId)), deletedAt: IsNull(), status: 'Active' },
      order: { id: 'ASC' },
    });
    const companies = await this.dataSource
      .getRepository(CompanyReplicaEntity)
      .find({ where: { id: In(live.map((user) => user.companyId)) } });
    const names = new Map(companies.map((company) => [company.id, company.name]));
    return live.map((user) => ({
      userId: user.id,
      companyId: user.companyId,
      companyName: names.get(user.companyId) ?? `Company ${user.companyId}`,
    }));
  }

  /** The user still exists and is Active (checked again at every token issue). */
  /**
   * Pass the caller's transaction manager when inside one: taking a second pool connection while
   * holding the first starves the pool under concurrent requests (seen as 500s at /oauth/token).
   */
  async isActive(userId: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const user = await manager.getRepository(LoginUserEntity).findOneBy({ id: userId, deletedAt: IsNull(), status: 'Active' });
    return user !== null;
  }
}
