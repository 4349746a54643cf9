import { Column, Entity } from 'typeorm';
import type { Permission } from '@suite/contracts';
import { CompanyOwnedEntity } from '../../shared/company-owned.entity';

/**
 * A company's role: a name and the permissions it grants to the users holding it. Kept with the
 * users, who name it and read their permissions from it; roles/ edits it and sits above users
 * (decision 0059).
 */
@Entity({ name: 'roles' })
export class RoleEntity extends CompanyOwnedEntity {
  @Column({ type: 'varchar', length: 255 })
  name!: string;

  /** Permission names (see PERMISSIONS in @suite/contracts). */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  permissions!: Permission[];
}
