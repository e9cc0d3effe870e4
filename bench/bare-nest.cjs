// The baseline for /api/me: a bare NestJS app with one route and nothing else (no database,
// no middleware), started the same way. Plain JS so the benchmark needs no build step.
const { Controller, Get, Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');

class BareController {
  me() {
    return { name: 'Bare Route', avatar: null, email: 'bare@quire.invalid' };
  }
}
Get('me')(BareController.prototype, 'me', Object.getOwnPropertyDescriptor(BareController.prototype, 'me'));
Controller('api')(BareController);

class BareModule {}
Module({ controllers: [BareController] })(BareModule);

NestFactory.create(BareModule, { logger: false })
  .then((app) => app.listen(Number(process.env.PORT), '127.0.0.1'))
  .then(() => console.log('bare ready'));
