/**
 * The "wait" and "confirming" steps in every language, by language code: a view of each language's later strings
 * (later/<code>.ts), for the hosted page's server render and the checks.
 * @module
 */
import { stepTable } from '../later';

export default stepTable('wait');
