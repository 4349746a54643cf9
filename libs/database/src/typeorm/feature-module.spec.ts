import { Controller, Get, Injectable, Module } from '@nestjs/common';
import { MODULE_METADATA } from '@nestjs/common/constants';
import { EntitySchema } from 'typeorm';
import { entitiesOf, FeatureModule } from './feature-module';

class NoteEntity {}
class NoteTagEntity {}
const AuditSchema = new EntitySchema({ name: 'Audit', columns: { id: { type: Number, primary: true } } });

@Injectable()
class NotesService {}

@Controller('notes')
class NotesController {
  @Get()
  list() {
    return [];
  }
}

@FeatureModule({ entities: [NoteEntity, NoteTagEntity], controllers: [NotesController], providers: [NotesService] })
class NotesModule {}

@FeatureModule({ entities: [AuditSchema] })
class AuditModule {}

@Module({})
class PlainModule {}

describe('FeatureModule', () => {
  it('is a Nest module with the metadata given', () => {
    expect(Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, NotesModule)).toEqual([NotesController]);
    expect(Reflect.getMetadata(MODULE_METADATA.PROVIDERS, NotesModule)).toEqual([NotesService]);
  });

  it("lists the features' entities in order, a plain module owning none", () => {
    expect(entitiesOf([NotesModule, PlainModule, AuditModule])).toEqual([NoteEntity, NoteTagEntity, AuditSchema]);
  });

  it('refuses a table owned by two features', () => {
    @FeatureModule({ entities: [NoteEntity] })
    class CopyModule {}
    expect(() => entitiesOf([NotesModule, CopyModule])).toThrow('NoteEntity is owned by both NotesModule and CopyModule');
  });
});
