import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ActingCompany, CompanyQuery, RequirePermission } from '@suite/authz';
import { ApiErrors, ApiSuccessResponse, success } from '@suite/http';
import { ApiPlatformIdParam, PlatformId } from '../../ids/platform-id.pipe';
import { ApiNotFoundInCompany } from '../../shared/not-found.docs';
import { CreateFolderRequest, RenameFolderRequest } from './dto/folder.request';
import { FolderListResponse, FolderResponse, mapFolder } from './dto/folder.response';
import { FoldersService, PARENT_REFUSED } from './folders.service';

/** Folders of workflows. Ids answer in base64; path ids take any platform spelling. */
@ApiTags('workflows')
@Controller('api/Workflow/folder')
export class FoldersController {
  constructor(private readonly folders: FoldersService) {}

  @Get()
  @RequirePermission('view-workflows')
  @ApiOperation({ summary: 'List Workflow Folders: every folder of the company in display order (sort_order, then id)' })
  @ApiSuccessResponse({ data: FolderListResponse })
  @ApiNotFoundInCompany()
  async list(@ActingCompany({ acceptsCompanyId: true }) companyId: string, @Query() _query: CompanyQuery) {
    return success({ data: { records: (await this.folders.list(companyId)).map(mapFolder) } });
  }

  @Post()
  @RequirePermission('edit-workflows')
  @ApiOperation({ summary: 'Create a folder, last in display order, optionally inside another folder of the company' })
  @ApiSuccessResponse({ status: 201, message: 'Folder created successfully.', data: FolderResponse })
  @ApiErrors({ 422: PARENT_REFUSED })
  @ApiNotFoundInCompany()
  async create(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @Query() _query: CompanyQuery,
    @Body() body: CreateFolderRequest,
  ) {
    const folder = await this.folders.create(companyId, { name: body.f_name, parentId: body.parent_id });
    return success({ message: 'Folder created successfully.', data: mapFolder(folder) });
  }

  @Put('update/:id')
  @RequirePermission('edit-workflows')
  @ApiPlatformIdParam()
  @ApiOperation({ summary: 'Rename a folder' })
  @ApiSuccessResponse({ message: 'Folder updated successfully' })
  @ApiNotFoundInCompany('folder')
  async rename(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
    @Body() body: RenameFolderRequest,
  ) {
    await this.folders.rename(companyId, id, body.f_name);
    return success({ message: 'Folder updated successfully' });
  }

  @Delete(':id')
  @HttpCode(200)
  @RequirePermission('edit-workflows')
  @ApiPlatformIdParam()
  @ApiOperation({ summary: 'Delete a folder: its workflows move out of any folder, its child folders up to its parent' })
  @ApiSuccessResponse({ message: 'Folder deleted successfully.' })
  @ApiNotFoundInCompany('folder')
  async delete(
    @ActingCompany({ acceptsCompanyId: true }) companyId: string,
    @PlatformId() id: string,
    @Query() _query: CompanyQuery,
  ) {
    await this.folders.delete(companyId, id);
    return success({ message: 'Folder deleted successfully.' });
  }
}
