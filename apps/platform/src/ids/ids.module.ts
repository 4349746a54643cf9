import { Global, Logger, Module } from '@nestjs/common';
import { ENVIRONMENT } from '@suite/http';
import { PlatformIdCodec } from './platform-id.codec';
import { PlatformIdPipe } from './platform-id.pipe';

/** The id codec (keyed by PLATFORM_ID_ENCRYPTION_KEY) and the pipe behind `@PlatformId()`. */
@Global()
@Module({
  providers: [
    {
      provide: PlatformIdCodec,
      inject: [ENVIRONMENT],
      // Its one variable, typed here: the environment's class (config/) checks the key with the codec,
      // so ids stays below config (decision 0059).
      useFactory: (env: { PLATFORM_ID_ENCRYPTION_KEY?: string }) => {
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
