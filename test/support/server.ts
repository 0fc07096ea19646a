// The server under test, as every test file sees it.
import { client, e2eBaseUrl, Testrig } from '@social/testkit';

export const baseUrl = e2eBaseUrl();
export const api = client(baseUrl);
export const rig = new Testrig(api);
