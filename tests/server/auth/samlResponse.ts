// Builds SAML 2.0 responses as an identity provider would, signed with a key pair made in the test.
import { randomBytes } from 'node:crypto';
import { signSamlPost } from '@node-saml/node-saml/lib/saml-post-signing';

/** What the fake IdP asserts. */
export interface AssertionInput {
  nameId: string;
  audience: string;
  recipient: string;
  inResponseTo?: string;
  /** Shifts every timestamp, e.g. -3_600_000 for an assertion an hour old. */
  offsetMs?: number;
}

const ASSERTION_XPATH = '/*[local-name(.)="Response"]/*[local-name(.)="Assertion"]';
const RESPONSE_XPATH = '/*[local-name(.)="Response"]';

function id(): string {
  return `_${randomBytes(16).toString('hex')}`;
}

/** The unsigned response XML. */
export function responseXml(input: AssertionInput): string {
  const now = Date.now() + (input.offsetMs ?? 0);
  const at = (ms: number) => new Date(now + ms).toISOString();
  const inResponseTo = input.inResponseTo ? ` InResponseTo="${input.inResponseTo}"` : '';
  return [
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"`,
    ` ID="${id()}" Version="2.0" IssueInstant="${at(0)}" Destination="${input.recipient}"${inResponseTo}>`,
    `<saml:Issuer>https://idp.test/metadata</saml:Issuer>`,
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>`,
    `<saml:Assertion ID="${id()}" Version="2.0" IssueInstant="${at(0)}">`,
    `<saml:Issuer>https://idp.test/metadata</saml:Issuer>`,
    `<saml:Subject>`,
    `<saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${input.nameId}</saml:NameID>`,
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">`,
    `<saml:SubjectConfirmationData NotOnOrAfter="${at(300_000)}" Recipient="${input.recipient}"${inResponseTo}/>`,
    `</saml:SubjectConfirmation>`,
    `</saml:Subject>`,
    `<saml:Conditions NotBefore="${at(-60_000)}" NotOnOrAfter="${at(300_000)}">`,
    `<saml:AudienceRestriction><saml:Audience>${input.audience}</saml:Audience></saml:AudienceRestriction>`,
    `</saml:Conditions>`,
    `<saml:AuthnStatement AuthnInstant="${at(0)}" SessionIndex="${id()}">`,
    `<saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext>`,
    `</saml:AuthnStatement>`,
    `</saml:Assertion>`,
    `</samlp:Response>`,
  ].join('');
}

/** Signs the assertion (what most IdPs do) or the whole response. */
export function signResponse(
  xml: string,
  privateKey: string,
  what: 'assertion' | 'response' = 'assertion',
): string {
  return signSamlPost(xml, what === 'assertion' ? ASSERTION_XPATH : RESPONSE_XPATH, {
    privateKey,
    signatureAlgorithm: 'sha256',
    digestAlgorithm: 'sha256',
  });
}

/** The form field value the browser posts: base64 of the XML. */
export function encodeResponse(xml: string): string {
  return Buffer.from(xml, 'utf8').toString('base64');
}
