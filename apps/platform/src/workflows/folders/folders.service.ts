import { CompanyScopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError } from '@suite/http';
import { PlatformIdCodec } from '../../ids/platform-id.codec';
import { WorkflowEntity } from '../workflow.entity';
import { FOLDER_NOT_FOUND, WorkflowFolderEntity } from './workflow-folder.entity';

export const PARENT_REFUSED = 'parent_id must be a folder of the company.';

/**
 * The company's workflow folders. A folder is created last in display order; deleting one moves
 * its workflows out of any folder and its child folders up to its parent, so nothing is lost with
 * it. Parents are only set at creation (to an existing folder), so no cycle can form.
 */
@Injectable()
export class FoldersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly codec: PlatformIdCodec,
  ) {}

  /** Every folder of the company in display order (sort order, then id). */
  list(companyId: string): Promise<WorkflowFolderEntity[]> {
    return this.folders(this.dataSource, companyId).find({ order: { sortOrder: 'ASC', id: 'ASC' } });
  }

  create(companyId: string, input: { name: string; parentId?: number | string }): Promise<WorkflowFolderEntity> {
    return this.dataSource.transaction(async (manager) => {
      const folders = this.folders(manager, companyId);
      let parentId: string | null = null;
      if (input.parentId !== undefined) {
        const id = this.codec.decode(String(input.parentId));
        const parent = id ? await folders.findOne({ select: { id: true }, where: { id } }) : null;
        if (!parent) throw new AppError('unprocessable', PARENT_REFUSED, { parent_id: ['not a folder of the company'] });
        parentId = parent.id;
      }
      const last = await folders.findOne({ select: { id: true, sortOrder: true }, where: {}, order: { sortOrder: 'DESC' } });
      return folders.save(folders.create({ fName: input.name, parentId, sortOrder: (last?.sortOrder ?? 0) + 1 }));
    });
  }

  rename(companyId: string, id: string, name: string): Promise<WorkflowFolderEntity> {
    return this.dataSource.transaction(async (manager) => {
      const folder = await this.lock(manager, companyId, id);
      folder.fName = name;
      return this.folders(manager, companyId).save(folder);
    });
  }

  async delete(companyId: string, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const folder = await this.lock(manager, companyId, id);
      await CompanyScopedRepository.of(manager, WorkflowEntity, companyId).update({ folderId: folder.id }, { folderId: null });
      const folders = this.folders(manager, companyId);
      await folders.update({ parentId: folder.id }, { parentId: folder.parentId });
      await folders.delete({ id: folder.id });
    });
  }

  private async lock(manager: EntityManager, companyId: string, id: string): Promise<WorkflowFolderEntity> {
    const folder = await this.folders(manager, companyId).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!folder) throw new AppError('not_found', FOLDER_NOT_FOUND);
    return folder;
  }

  private folders(source: DataSource | EntityManager, companyId: string): CompanyScopedRepository<WorkflowFolderEntity> {
    return CompanyScopedRepository.of(source, WorkflowFolderEntity, companyId);
  }
}
