/**
 * The upstream's failure and success messages, word for word where docs/upstream-api.md, "Error
 * messages" gives them (the maker's name is written "the service", as there). Failure bodies are
 * always `{ success: false, message }` (text `"false"` for token and balance, as documented).
 * @module
 */

/**
 * Failure messages of docs/upstream-api.md, "Error messages", plus the sandbox's own where the
 * upstream documents none.
 *
 * @example
 * refuse(400, FAILURE.collectionRefused, 'amount must be a whole number');
 */
export const FAILURE = {
  /** Collections, payouts, process-transaction: a rule of the request was broken. */
  collectionRefused:
    'the service user not found or Country was not found or Transaction was not created!',
  /** Signed endpoints except payment links: the envelope did not verify. */
  notVerified:
    'Entity integration record not found or Client id not matched or Request was not verified.',
  /** Collections: the sub-merchant is unknown. */
  userNotFound: 'User not found!',
  /** Status query: no such transaction of that type. */
  statusNotFound: 'the service user not found or Transaction was not created!',
  /** Payment link create: a rule of the request was broken. */
  linkRefused: 'Payment link was not created.',
  /** Payment link create: the envelope did not verify. */
  linkNotVerified: 'Entity integration record not found.',
  /** Token and balance: unknown credentials or token. */
  credentials: 'Credentials were not found.',
  /** Sandbox's own: the caller's IP is not whitelisted. */
  ipNotWhitelisted: 'Request was not verified. The IP address is not whitelisted.',
  /** Sandbox's own: a payout larger than the wallet balance. */
  insufficientBalance: 'Insufficient wallet balance for this payout.',
  /** Sandbox's own (process-transaction): no transaction holds that payment token. */
  unknownToken: 'Invalid payment token.',
  /** Sandbox's own (process-transaction): wrong OTP; the transaction stays pending. */
  wrongOtp: 'Invalid OTP. The transaction is still pending; check the code and try again.',
  /** Sandbox's own (process-transaction): the token's 2 minutes are over; the transaction failed. */
  otpExpired: 'The payment token has expired. The transaction has failed.',
  /** Sandbox's own (process-transaction): the OTP was already confirmed or the transaction ended. */
  alreadyProcessed: 'This transaction has already been processed.',
  /** Sandbox's own: an injected fault (HTTP 500). */
  internal: 'Internal server error. Please try again later.',
  /** An `answer_lost` fault (the call was processed, its answer replaced) or a `request_lost`
   * one (the call was never processed): the caller cannot tell which. */
  gatewayTimeout: 'Gateway timeout. The request may or may not have been processed.',
} as const;

/**
 * Success messages.
 *
 * @example
 * SUCCESS.paymentLink(url); // 'Complete the payment on the payment link: …'
 */
export const SUCCESS = {
  /** Collections in every currency but NGN and ZAR. */
  phonePrompt: 'Payment request sent. The payer must approve the prompt on their phone.',
  /** Collections in NGN. */
  bankTransfer: (amount: number, accountNumber: string, bankName: string): string =>
    `Transfer ${amount} NGN to account ${accountNumber} (${bankName}) within 30 minutes to complete the payment.`,
  /** Collections in ZAR. */
  paymentLink: (url: string): string => `Complete the payment on the payment link: ${url}`,
  otpAccepted: 'OTP verified. The payment is being processed.',
  status: 'Transaction status retrieved successfully.',
  linkCreated: 'Payment link created successfully.',
  links: 'Payment links retrieved successfully.',
  token: 'Token generated successfully.',
  balance: 'Wallet balance retrieved successfully.',
  payout: 'Payout request accepted and is being processed.',
} as const;
