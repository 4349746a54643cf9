import { ApiProperty } from '@nestjs/swagger';
import { base64Id, base64IdOrNull } from '../../../shared/api-ids';
import type { WorkflowFolderEntity } from '../workflow-folder.entity';

export class FolderResponse {
  @ApiProperty({ description: 'base64 id', example: 'Mw==' }) id!: string;
  @ApiProperty({ maxLength: 100, example: 'Lead nurturing' }) f_name!: string;
  @ApiProperty({ type: String, nullable: true, description: 'base64 id of the folder it is in; null at the top' })
  parent_id!: string | null;
  @ApiProperty({ type: 'integer', description: 'Display order (then id)' }) sort_order!: number;
}

export class FolderListResponse {
  @ApiProperty({ type: [FolderResponse] }) records!: FolderResponse[];
}

export const mapFolder = (folder: WorkflowFolderEntity): FolderResponse => ({
  id: base64Id(folder.id),
  f_name: folder.fName,
  parent_id: base64IdOrNull(folder.parentId),
  sort_order: folder.sortOrder,
});
