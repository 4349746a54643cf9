import { AppError } from '@suite/http';
import type { AuthzReplicaReader, ReplicaUser } from '../replicas/authz-replica.reader';

/**
 * The user behind a token, who must exist in this app's replica, not be deleted, be Active and
 * belong to the token's company. Any other state refuses the token (401), whatever it says.
 */
export async function activeUserOf(reader: AuthzReplicaReader, userId: string, companyId: string): Promise<ReplicaUser> {
  const user = await reader.findUser(userId);
  if (!user) throw new AppError('unauthenticated', 'The user of this token does not exist.');
  if (user.deletedAt) throw new AppError('unauthenticated', 'The user of this token was deleted.');
  if (user.status !== 'Active') {
    throw new AppError('unauthenticated', `The user of this token is not active (${user.status}).`);
  }
  if (user.companyId !== companyId) throw new AppError('unauthenticated', "The token does not belong to its user's company.");
  return user;
}
