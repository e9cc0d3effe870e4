import { Module } from '@nestjs/common';
import { ExampleChooser } from './example-chooser';
import { ExamplesRepository } from './examples.repository';

/** A model's examples as in-context examples: chosen for a message by meaning (OpenAI embeddings, kept). */
@Module({ providers: [ExamplesRepository, ExampleChooser], exports: [ExampleChooser, ExamplesRepository] })
export class ExamplesModule {}
