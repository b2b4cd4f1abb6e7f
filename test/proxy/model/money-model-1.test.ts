// Part 1 of the money model (see money-model.ts): a file each, so each part gets a fresh isolate.
import { defineMoneyModel } from './money-model';

defineMoneyModel(1, 4);
