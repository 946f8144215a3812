// Every rt:https case, collected for the registry.
import type { CaseDefinition } from '../case.js';
import { agentCases } from './agent.js';
import { bodyAndResponseCases } from './body-and-response.js';
import { clientCertificateCases } from './client-certificates.js';
import { createServerCases } from './create-server.js';
import { globalAgentCases } from './global-agent.js';
import { handshakeTimeoutCases } from './handshake-timeout.js';
import { identityCases } from './identity.js';
import { keylogCases } from './keylog.js';
import { moduleCases } from './module.js';
import { noCryptoCases } from './no-crypto.js';
import { requestDefaultCases } from './request-defaults.js';
import { requestFormCases } from './request-forms.js';
import { serverCloseCases } from './server-close.js';
import { serverDefaultCases } from './server-defaults.js';
import { serverListenCases } from './server-listen.js';
import { serverTimeoutCases } from './server-timeouts.js';
import { sessionCases } from './sessions.js';
import { sniCases } from './sni.js';
import { trustCases } from './trust.js';

export const cases: readonly CaseDefinition[] = [
  ...moduleCases,
  ...noCryptoCases,
  ...serverDefaultCases,
  ...serverListenCases,
  ...serverTimeoutCases,
  ...serverCloseCases,
  ...createServerCases,
  ...requestFormCases,
  ...requestDefaultCases,
  ...bodyAndResponseCases,
  ...agentCases,
  ...sessionCases,
  ...sniCases,
  ...keylogCases,
  ...globalAgentCases,
  ...identityCases,
  ...trustCases,
  ...clientCertificateCases,
  ...handshakeTimeoutCases,
];
