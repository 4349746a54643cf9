import { ApiProperty } from '@nestjs/swagger';

/** One public signing key (RFC 7517 / RFC 7518 §6.2: an EC P-256 key). */
export class PublicJwkResponse {
  @ApiProperty({ enum: ['EC'] }) kty!: string;
  @ApiProperty({ enum: ['P-256'] }) crv!: string;
  @ApiProperty() x!: string;
  @ApiProperty() y!: string;
  @ApiProperty({ description: 'the `kid` in access tokens’ headers' }) kid!: string;
  @ApiProperty({ enum: ['ES256'] }) alg!: string;
  @ApiProperty({ enum: ['sig'] }) use!: string;
}

export class JwksResponse {
  @ApiProperty({ type: [PublicJwkResponse] }) keys!: PublicJwkResponse[];
}
