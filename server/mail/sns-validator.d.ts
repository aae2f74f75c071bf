declare module 'sns-validator' {
  /** https://github.com/aws/aws-js-sns-message-validator */
  export default class MessageValidator {
    constructor(hostPattern?: RegExp, encoding?: string)
    validate(message: object | string, callback: (error: Error | null, message?: object) => void): void
  }
}
