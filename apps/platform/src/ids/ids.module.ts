import { Global, Logger, Module } from '@nestjs/common';
import { IdsEnvironment } from './ids-environment';
import { PlatformIdCodec } from './platform-id.codec';
import { PlatformIdPipe } from './platform-id.pipe';

/** The id codec (keyed by PLATFORM_ID_ENCRYPTION_KEY) and the pipe behind `@PlatformId()`. */
@Global()
@Module({
  providers: [
    {
      provide: PlatformIdCodec,
      // Its own slice of the environment (ids-environment.ts), which checks the key with the codec.
      inject: [IdsEnvironment],
      useFactory: (env: IdsEnvironment) => {
        const key = env.PLATFORM_ID_ENCRYPTION_KEY ? PlatformIdCodec.parseKey(env.PLATFORM_ID_ENCRYPTION_KEY) : null;
        if (!key)
          new Logger('PlatformIds').warn('PLATFORM_ID_ENCRYPTION_KEY is not set: encrypted ids (enc_…) are refused with 404');
        return new PlatformIdCodec(key);
      },
    },
    PlatformIdPipe,
  ],
  exports: [PlatformIdCodec, PlatformIdPipe],
})
export class IdsModule {}
