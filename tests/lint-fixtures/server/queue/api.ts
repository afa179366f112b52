// The queue's types and pure rules for the browser.
export interface Health {
  waiting: number
}
