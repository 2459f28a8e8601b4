/**
 * A phone number as the SMS calls take it (the contract's `smsPhone`): spaces, dashes and
 * brackets allowed between the digits, 6 to 15 digits after an optional `+`.
 */
export const PHONE_PATTERN = /^\s*\+?(?:[\s\-()]*\d){6,15}[\s\-()]*$/;
