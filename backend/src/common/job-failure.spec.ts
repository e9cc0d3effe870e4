import { BadRequestException } from '@nestjs/common';
import { CrawlFailedError } from '../training-data/crawler/crawler';
import { GenerationError } from '../generation/article-writer';
import { UnknownPlaceholderError } from '../generation/placeholders';
import { IntegrationError } from './integration-error';
import { failureMessage, isForPeople } from './job-failure';
import { UserFacingError } from './user-facing-error';

describe('job failures', () => {
  describe(isForPeople.name, () => {
    it.each([
      ['a UserFacingError', new UserFacingError('Add a key.')],
      ['a GenerationError', new GenerationError('No OpenAI API key is saved: add it in OpenAI Settings on Home.')],
      ['an UnknownPlaceholderError', new UnknownPlaceholderError('Unknown placeholder {{x}}')],
      ['a CrawlFailedError', new CrawlFailedError('robots.txt of blog.test answered HTTP 500, so the site may not be crawled')],
      ['an HttpException', new BadRequestException('url is required')],
      ['an IntegrationError', new IntegrationError('OpenAI', 'the key was refused (401).', 401)],
    ])('should trust the message of %s', (_, error) => {
      expect(isForPeople(error)).toBe(true);
    });

    it.each([
      ['a plain Error', new Error('connect ECONNREFUSED with Authorization: Bearer sk-secret')],
      ['a TypeError', new TypeError("Cannot read properties of undefined (reading 'id')")],
      ['a string', 'boom'],
      ['undefined', undefined],
    ])('should not trust the message of %s', (_, error) => {
      expect(isForPeople(error)).toBe(false);
    });
  });

  describe(failureMessage.name, () => {
    it('should answer the message of an error written for people as it is', () => {
      expect(failureMessage(new CrawlFailedError('No articles found on 3 page(s).'))).toBe('No articles found on 3 page(s).');
    });

    it('should answer only the kind of any other error, never its text', () => {
      expect(failureMessage(new TypeError('secret sk-123 in here'))).toBe('Unexpected error (TypeError); the server log has the details.');
      expect(failureMessage('sk-123')).toBe('Unexpected error (string); the server log has the details.');
    });
  });
});
