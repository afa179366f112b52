// The queue's public surface.
export { enqueue } from './enqueue'
