// The signed-in user chooses his own password in place of the current one (issue 27): the step a person made by
// someone else (contacts, a user manager, org init) must take at his first sign-in, before any other call answers
// (server/http/auth.ts, domain/initialPassword.ts). Also open to anyone who simply wants a new password.
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../context.ts';
import { envelopeSchema, ok } from '../../http/envelope.ts';
import { badRequest } from '../../http/errors.ts';
import { runDecisions } from '../../store/command.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { hashToken, openedBySmsCode } from '../../http/tokens.ts';
import { INITIAL_PASSWORD_TEXT, newPasswordProblem } from '../../../domain/initialPassword.ts';
import { claimPasswordTry, forgiveTry, settleFailedTry } from '../passport/passwordThrottle.ts';
import { metaFor } from '../passport/signIn.ts';
import { userCommand } from './userCommands.ts';
import { SYSTEM_ORG } from './streams.ts';

const tags = ['users'];

export default async function userPasswordRoutes(app: FastifyInstance, ctx: ModuleContext) {
  const { db } = ctx;

  app.post<{ Body: { password?: string; newPassword: string } }>('/v2/users/password', {
    config: { auth: 'user' },
    schema: {
      tags, summary: 'Choose a new password with the current one (the first sign-in with the initial password must); the user\'s other sessions end',
      body: {
        type: 'object', additionalProperties: false, required: ['newPassword'],
        properties: {
          password: { type: 'string', minLength: 1, maxLength: 256, description: 'the current password; not asked of a session opened with an SMS code' },
          newPassword: { type: 'string', minLength: 1, maxLength: 256 },
        },
      },
      response: { 200: envelopeSchema({ type: 'object', properties: { userId: { type: 'string' } }, required: ['userId'] }) },
    },
  }, async (request) => {
    const now = ctx.clock();
    const auth = request.user!;
    const { password, newPassword } = request.body;
    const problem = newPasswordProblem(newPassword, { isDefault: newPassword === password || newPassword === ctx.settings.defaultPassword });
    if (problem) throw badRequest(problem);
    const user = await db.selectFrom('users').select(['user_id', 'username', 'org_id', 'password_hash']).where('user_id', '=', auth.userId).executeTakeFirstOrThrow();
    // a session opened with an SMS code proved the phone, as the SMS reset does: the current password is not asked
    if (!(await openedBySmsCode(db, auth.token))) {
      if (!password) throw badRequest(INITIAL_PASSWORD_TEXT.wrongCurrent);
      // a wrong current password counts as a failed sign-in try: a taken token does not buy unlimited guesses
      const attempt = await claimPasswordTry(db, user.username, request.ip, now, { captchaPassed: true });
      if (!(await verifyPassword(password, user.password_hash))) {
        await settleFailedTry(db, attempt);
        throw badRequest(INITIAL_PASSWORD_TEXT.wrongCurrent);
      }
      await forgiveTry(db, attempt);
    }
    const passwordHash = await hashPassword(newPassword);
    await runDecisions(db, async (tx) => {
      await userCommand(tx, {
        userId: user.user_id, streamOrg: user.org_id ?? SYSTEM_ORG, meta: metaFor(request, user, now),
        command: { type: 'ResetPassword', userId: user.user_id, passwordHash },
      });
      // whoever else signed in with the old password is signed out; this session goes on (tokens: session state)
      await tx.updateTable('access_tokens').set({ revoked_at: now }).where('user_id', '=', user.user_id)
        .where('revoked_at', 'is', null).where('token_hash', '!=', hashToken(auth.token)).execute();
    });
    return ok({ userId: user.user_id });
  });
}
