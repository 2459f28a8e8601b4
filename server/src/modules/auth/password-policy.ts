/**
 * What a new password must be: at least 8 characters and not guessable, as estimated by
 * zxcvbn-ts with its common-password, name and keyboard-pattern dictionaries. Used by the
 * password change and meant for account creation as well.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import { errors } from '../../http/errors.ts';
import { message, type Lang, type MessageKey } from '../../http/messages.ts';

export const MIN_PASSWORD_LENGTH = 8;
/**
 * zxcvbn's documented scale: 3 = "safely unguessable: moderate protection from offline
 * slow-hash scenario" (over 10^8 guesses); 2 still falls to an online attack that outlasts
 * the lockout. Passwords are argon2-hashed, so 3 is the level that hash is worth.
 */
export const MIN_PASSWORD_SCORE = 3;

let estimator: ZxcvbnFactory | null = null;
// Built on first use: loading the dictionaries takes a moment the app start need not pay.
const zxcvbn = () => (estimator ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs }));

/**
 * Why `password` is not acceptable, or null. `userInputs` (username, nickname, ...) count
 * as guessable words.
 */
export function passwordProblem(password: string, userInputs: string[] = []): MessageKey | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return 'passwordTooShort';
  if (zxcvbn().check(password, userInputs.filter(Boolean)).score < MIN_PASSWORD_SCORE) return 'passwordTooWeak';
  return null;
}

/** Throws a 400 with a field error on `field`, in `lang`, when the password is not acceptable. */
export function assertPasswordPolicy(password: string, lang: Lang, userInputs: string[] = [], field = 'password'): void {
  const problem = passwordProblem(password, userInputs);
  if (problem) throw errors.validation({ [field]: [message(lang, problem, { min: MIN_PASSWORD_LENGTH })] });
}
