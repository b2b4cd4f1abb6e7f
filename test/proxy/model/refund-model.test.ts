// The refund model (see refund-model.ts): its own file, so it gets a fresh isolate.
import { defineRefundModel } from './refund-model';

defineRefundModel();
