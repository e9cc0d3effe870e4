import { Module } from '@nestjs/common';
import { HistoryController } from './history.controller';
import { HistoryRepository } from './history.repository';

@Module({ controllers: [HistoryController], providers: [HistoryRepository] })
export class HistoryModule {}
