import { Column, Entity } from 'typeorm';
import type { Permission } from '@suite/contracts';
import { CompanyOwnedEntity } from '../../shared/company-owned.entity';

/** A company's role: a name and the permissions it grants to the users holding it. */
@Entity({ name: 'roles' })
export class RoleEntity extends CompanyOwnedEntity {
  @Column({ type: 'varchar', length: 255 })
  name!: string;

  /** Permission names (see PERMISSIONS in @suite/contracts). */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  permissions!: Permission[];
}
