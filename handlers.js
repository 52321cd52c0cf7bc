import { SoapFault, type AuthenticationWebServiceHandlers } from '../../tmp/asmxgen-impl-OGiQst/src/generated/index.js';

/**
 * The AuthenticationWebService operations: replace each stub with your implementation. Keep the export named
 * `handlers`: that is the name asmxgen loads from this file. asmxgen adds a stub here for each new
 * operation; it never changes or removes your code.
 */
export const handlers: AuthenticationWebServiceHandlers = {
  /** Social-account authorization. */
  async SocAuthorize(input, ctx) {
    throw new SoapFault('Server', 'SocAuthorize is not implemented yet.');
  },
  /** Password authentication: Checks a user name and password and returns a session token. */
  async Authenticate(input, ctx) {
    throw new SoapFault('Server', 'Authenticate is not implemented yet.');
  },
  /** Logout. */
  async LoginOut(input, ctx) {
    throw new SoapFault('Server', 'LoginOut is not implemented yet.');
  },
  /** Issues a new session token for a refresh token. */
  async RefreshToken(input, ctx) {
    throw new SoapFault('Server', 'RefreshToken is not implemented yet.');
  },
  async GetServerTime(input, ctx) {
    throw new SoapFault('Server', 'GetServerTime is not implemented yet.');
  },
};
