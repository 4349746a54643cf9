import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Body, Controller, Get, Global, Module, Post, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type KeyLike } from 'jose';
import request from 'supertest';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_TYPE,
  credentialDigest,
  generateOpaqueCredential,
  type OpaqueCredentialKind,
} from '@suite/contracts';
import { IsString, MaxLength } from 'class-validator';
import { BaseEnvironment } from '@suite/config';
import { ApiExceptionFilter, createValidationPipe } from '@suite/http';
import { AuthzModule } from '../authz.module';
import type { Principal } from '../principal';
import { AuthzReplicaReader } from '../replicas/authz-replica.reader';
import { ActingCompany } from '../scope/acting-company.decorator';
import { FakeReplicaReader } from '../testing/fake-replica-reader';
import { ApiKeyAuthenticated, Authenticated, CurrentPrincipal, RequirePermission } from './authz.decorators';

const ISSUER = 'http://127.0.0.1:3002';

class NameBody {
  @IsString()
  @MaxLength(10)
  name!: string;
}

@Controller()
class ProbeController {
  @Get('me')
  @Authenticated()
  me(@CurrentPrincipal() principal: Principal) {
    return principal;
  }

  @Get('users')
  @RequirePermission('view-users')
  users(@CurrentPrincipal() principal: Principal) {
    return { userId: principal.userId };
  }

  @Get('scoped')
  @RequirePermission('view-users')
  scoped(@ActingCompany({ acceptsCompanyId: true }) companyId: string) {
    return { companyId };
  }

  @Post('scoped')
  @RequirePermission('view-users')
  scopedWrite(@ActingCompany({ acceptsCompanyId: true }) companyId: string, @Body() body: NameBody) {
    return { companyId, name: body.name };
  }

  @Get('own')
  @RequirePermission('view-users')
  own(@ActingCompany() companyId: string) {
    return { companyId };
  }

  @Get('v1/messages')
  @ApiKeyAuthenticated()
  messages(@CurrentPrincipal() principal: Principal) {
    return principal;
  }
}

@Global()
@Module({
  providers: [
    { provide: BaseEnvironment, useValue: { AUTH_ISSUER: ISSUER } },
    { provide: getDataSourceToken(), useValue: {} },
  ],
  exports: [BaseEnvironment, getDataSourceToken()],
})
class FakeCoreModule {}

describe('bearer and API key guards over HTTP', () => {
  let app: INestApplication;
  let privateKey: KeyLike;
  const reader = new FakeReplicaReader()
    .addUser({ id: '7', companyId: '42', permissions: ['view-users'] })
    .addUser({ id: '8', companyId: '42', permissions: [] });
  reader.companies.set('43', { id: '43', parentCompanyId: '42' });

  const issue = (kind: OpaqueCredentialKind, userId: string | null) => {
    const value = generateOpaqueCredential(kind);
    reader.credentials.set(credentialDigest(value), {
      digest: credentialDigest(value),
      credentialId: `cred-${reader.credentials.size}`,
      kind,
      companyId: '42',
      userId,
      scopes: ['*'],
      expiresAt: null,
      revokedAt: null,
    });
    return value;
  };

  const jwt = (sub = '7') =>
    new SignJWT({ client_id: 'c1', scope: 'view-users', sid: 'g1', company_id: '42' })
      .setProtectedHeader({ alg: 'ES256', typ: ACCESS_TOKEN_TYPE, kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setSubject(sub)
      .setJti('j1')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);

  beforeAll(async () => {
    const pair = await generateKeyPair('ES256');
    privateKey = pair.privateKey;
    const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256' }] });
    const moduleRef = await Test.createTestingModule({
      imports: [FakeCoreModule, AuthzModule.forRoot({ accessTokenKeys: { useFactory: () => jwks } })],
      controllers: [ProbeController],
    })
      .overrideProvider(AuthzReplicaReader)
      .useValue(reader)
      .compile();
    app = moduleRef.createNestApplication(new FastifyAdapter(), { logger: false });
    app.useGlobalFilters(new ApiExceptionFilter((failure) => ({ body: { error: failure.message } })));
    app.useGlobalPipes(createValidationPipe());
    await app.init();
    // Fastify serves only once its plugins and routes are loaded.
    await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(async () => {
    await app?.close();
  });

  const challenge = 'Bearer error="invalid_token"';

  it('401 with a challenge and a sentence when the bearer token is missing or wrong', async () => {
    const missing = await request(app.getHttpServer()).get('/me').expect(401);
    expect(missing.body).toEqual({ error: 'Missing bearer token.' });
    expect(missing.headers['www-authenticate']).toBe(challenge);

    const basic = await request(app.getHttpServer()).get('/me').set('Authorization', 'Basic dXNlcjpwYXNz').expect(401);
    expect(basic.headers['www-authenticate']).toBe(challenge);

    const junk = await request(app.getHttpServer()).get('/me').set('Authorization', 'Bearer nope').expect(401);
    expect(junk.body.error).toMatch(/not an access token nor a personal access token/);

    const inUrl = await request(app.getHttpServer())
      .get(`/me?access_token=${await jwt()}`)
      .expect(401);
    expect(inUrl.body.error).toMatch(/not in the URL/);
  });

  it('accepts an access token and a personal access token as bearer tokens', async () => {
    const viaJwt = await request(app.getHttpServer())
      .get('/me')
      .set('Authorization', `Bearer ${await jwt()}`)
      .expect(200);
    expect(viaJwt.body).toMatchObject({ via: 'access_token', userId: '7', companyId: '42', grantId: 'g1' });
    const pat = issue('personal_access_token', '7');
    const viaPat = await request(app.getHttpServer()).get('/me').set('Authorization', `Bearer ${pat}`).expect(200);
    expect(viaPat.body).toMatchObject({ via: 'personal_access_token', userId: '7' });
  });

  it('refuses an API key as a bearer token, and a bearer token as an API key', async () => {
    const key = issue('api_key', null);
    const asBearer = await request(app.getHttpServer()).get('/me').set('Authorization', `Bearer ${key}`).expect(401);
    expect(asBearer.body.error).toMatch(/x-api-key/);
    const pat = issue('personal_access_token', '7');
    await request(app.getHttpServer()).get('/v1/messages').set('x-api-key', pat).expect(401);
  });

  it('takes a workspace API key in x-api-key, with no user and no challenge header', async () => {
    const missing = await request(app.getHttpServer()).get('/v1/messages').expect(401);
    expect(missing.body).toEqual({ error: 'Missing x-api-key header.' });
    expect(missing.headers['www-authenticate']).toBeUndefined();
    const ok = await request(app.getHttpServer()).get('/v1/messages').set('x-api-key', issue('api_key', null)).expect(200);
    expect(ok.body).toMatchObject({ via: 'api_key', userId: null, companyId: '42' });
  });

  it('403 when the user lacks the permission; 401 before that without a token', async () => {
    await request(app.getHttpServer()).get('/users').expect(401);
    await request(app.getHttpServer())
      .get('/users')
      .set('Authorization', `Bearer ${await jwt()}`)
      .expect(200, { userId: '7' });
    const denied = await request(app.getHttpServer())
      .get('/users')
      .set('Authorization', `Bearer ${await jwt('8')}`)
      .expect(403);
    expect(denied.body).toEqual({ error: 'This action needs the view-users permission.' });
  });

  it('@ActingCompany({ acceptsCompanyId: true }): the own company, a child named in company_id, any other as 404', async () => {
    const auth = { Authorization: `Bearer ${await jwt()}` };
    const get = (query: string) => request(app.getHttpServer()).get(`/scoped${query}`).set(auth);
    await get('').expect(200, { companyId: '42' });
    await get('?company_id=42').expect(200, { companyId: '42' });
    await get('?company_id=43').expect(200, { companyId: '43' });
    await get('?company_id=44').expect(404, { error: 'Company not found.' });
    for (const malformed of ['abc', '043', '', '1&company_id=2', '1'.repeat(19)]) {
      await get(`?company_id=${malformed}`).expect(400, { error: 'company_id must be a company id' });
    }
    await request(app.getHttpServer()).get('/scoped?company_id=43').expect(401);
  });

  it('@ActingCompany(): the signed-in company only; company_id is refused, not ignored', async () => {
    const auth = { Authorization: `Bearer ${await jwt()}` };
    await request(app.getHttpServer()).get('/own').set(auth).expect(200, { companyId: '42' });
    await request(app.getHttpServer())
      .get('/own?company_id=43')
      .set(auth)
      .expect(400, { error: 'property company_id should not exist' });
  });

  it("answers the request's own 400 before a company's 404, as when handlers resolved it in their body", async () => {
    const auth = { Authorization: `Bearer ${await jwt()}` };
    const post = (query: string, body: object) => request(app.getHttpServer()).post(`/scoped${query}`).set(auth).send(body);
    await post('?company_id=44', { name: 'x'.repeat(11) }).expect(400, {
      error: 'name must be shorter than or equal to 10 characters',
    });
    await post('?company_id=44', { name: 'ok' }).expect(404, { error: 'Company not found.' });
    await post('?company_id=43', { name: 'ok' }).expect(201, { companyId: '43', name: 'ok' });
  });
});
