import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { LoginUserEntity } from './login-user.entity';
import { normalizeEmail } from '@suite/contracts';
import { hashPassword, verifyPassword } from '@suite/passwords';

export interface LoginIdentity {
  userId: string;
  companyId: string;
}

/** Checks email + password against the replica; only Active, undeleted users may log in. */
@Injectable()
export class LoginUsersService implements OnModuleInit {
  /** Verified when no user matches, so a miss costs as much time as a wrong password. */
  private dummyHash = '';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async onModuleInit(): Promise<void> {
    this.dummyHash = await hashPassword('not-a-password-of-anyone');
  }

  async verify(email: string, password: string): Promise<LoginIdentity | null> {
    const candidates = await this.dataSource
      .getRepository(LoginUserEntity)
      .find({ where: { email: normalizeEmail(email), deletedAt: IsNull(), status: 'Active' }, take: 2 });
    // Two live users with one email: login by email is ambiguous, so neither may use it.
    const user = candidates.length === 1 ? candidates[0] : undefined;
    const hash = user?.passwordHash ?? this.dummyHash;
    const matches = await verifyPassword(hash, password);
    return user?.passwordHash && matches ? { userId: user.id, companyId: user.companyId } : null;
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
