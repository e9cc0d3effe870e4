import { Controller, Get, HttpException, Inject, Logger, Next, NotFoundException, Req, Res, UseGuards } from '@nestjs/common';
import { ApiFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../common/api-docs';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import type { NextFunction, Request, Response } from 'express';
import passport from 'passport';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { AuthService, Provider } from './auth.service';
import { GoogleIdentity } from './google.strategy';
import { readSessionCookie, setSessionCookie } from './session-cookie';
import { SessionsService } from './sessions.service';
import { OutsideWorkspace } from '../common/access';

/** Enough for an office behind one address; slows down anything that hammers sign-in. */
export const AUTH_REQUESTS_PER_MINUTE = 100;

const LOCATION = { Location: { description: 'Where the browser goes next', schema: { type: 'string' } } };

/** Sign-in routes: public, and throttled per client address. */
@ApiTags('auth')
@OutsideWorkspace()
@Controller('auth')
@UseGuards(ThrottlerGuard)
@ApiErrors(429)
@Throttle({ default: { limit: AUTH_REQUESTS_PER_MINUTE, ttl: 60_000 } })
export class AuthController {
  private readonly logger = new Logger(AuthController.name);

  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('providers')
  @ApiOperation({ summary: 'The sign-in providers the login page offers' })
  @ApiOkResponse({ type: [Provider] })
  providers(): Provider[] {
    return this.auth.providers();
  }

  @Get('local')
  @ApiOperation({ summary: 'Sign in as the local operator (local mode only)' })
  @ApiFoundResponse({ description: 'Signed in: the session cookie is set and the browser goes to the dashboard', headers: LOCATION })
  @ApiErrors(404)
  async local(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (this.config.authMode !== 'local') throw new NotFoundException('Local sign-in is not enabled.');
    await this.startSession(req, res, (await this.auth.signInLocal()).id);
  }

  @Get('google')
  @ApiOperation({ summary: 'Start Google sign-in (state and PKCE)' })
  @ApiFoundResponse({ description: "To Google's consent screen", headers: LOCATION })
  @ApiErrors(404)
  google(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction): void {
    if (this.config.authMode !== 'google') throw new NotFoundException('Google sign-in is not enabled.');
    passport.authenticate('google', { session: false, accessType: 'offline', prompt: 'consent' })(req, res, next);
  }

  @Get('google/callback')
  @ApiOperation({ summary: 'Google redirects here; only allow-listed, verified emails get a session' })
  @ApiFoundResponse({ description: 'To the dashboard with a session, or to /login?error=… saying why not', headers: LOCATION })
  @ApiErrors(404)
  async googleCallback(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (this.config.authMode !== 'google') throw new NotFoundException('Google sign-in is not enabled.');
    try {
      const identity = await this.authenticateGoogle(req, res);
      const user = await this.auth.signInWithGoogle(identity);
      await this.startSession(req, res, user.id);
    } catch (error) {
      const message = error instanceof HttpException ? error.message : 'Google sign-in failed. Please try again in a moment.';
      if (!(error instanceof HttpException)) this.logger.error(`Google sign-in failed: ${(error as Error).message}`);
      res.redirect(`/login?error=${encodeURIComponent(message)}`);
    }
  }

  private authenticateGoogle(req: Request, res: Response): Promise<GoogleIdentity> {
    return new Promise((resolve, reject) => {
      const done = (error: Error | null, identity: GoogleIdentity | false, info?: { message?: string }) => {
        if (error) return reject(error);
        if (!identity) return reject(new HttpException(info?.message ?? 'Google sign-in was cancelled.', 403));
        resolve(identity);
      };
      passport.authenticate('google', { session: false }, done)(req, res, reject);
    });
  }

  /** A fresh session id at every sign-in; any session the browser already had is ended. */
  private async startSession(req: Request, res: Response, userId: string): Promise<void> {
    await this.sessions.destroy(readSessionCookie(req, this.config));
    setSessionCookie(res, this.config, await this.sessions.create(userId));
    res.redirect('/');
  }
}
