// Part 2 of the money model (see money-model.ts) and of the payment-link model (link-model.ts):
// a file each, so each part gets a fresh isolate.
import { defineLinkModel } from './link-model';
import { defineMoneyModel } from './money-model';

defineMoneyModel(2, 4);
defineLinkModel(2, 4, 0.25);
