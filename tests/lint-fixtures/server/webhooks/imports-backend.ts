// Illegal: the server imports a browser layer of src/.
import { api } from '../../src/backend/imports-feature'
export const browser = api
