import { ApiProperty } from '@nestjs/swagger';
import { UserResponse } from './user.response';

/** `meta` of GET /api/users: the page numbers, in this listing's own older layout (decision 0009 §9). */
export class UserListMeta {
  @ApiProperty({ type: 'integer', minimum: 1 }) current_page!: number;
  @ApiProperty({ type: 'integer', minimum: 1 }) per_page!: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) total!: number;
  @ApiProperty({ type: 'integer', minimum: 1 }) last_page!: number;
}

/** GET /api/users: `{ success, data, meta }`, not the `{ records, pagination }` of the lists the spec describes. */
export class UserListResponse {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: [UserResponse] }) data!: UserResponse[];
  @ApiProperty({ type: UserListMeta }) meta!: UserListMeta;
}
