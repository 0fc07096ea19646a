import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { passwordAttempts, rootFieldNodes } from './plugin.js';

function operationOf(source: string) {
  const document = parse(source);
  const operation = document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION) as OperationDefinitionNode;
  return { document, operation };
}

function attempts(source: string, variables?: Record<string, unknown>) {
  const { document, operation } = operationOf(source);
  const fields = rootFieldNodes(operation, document);
  return { rootFields: fields.map((field) => field.name.value), signIns: passwordAttempts(fields, variables) };
}

describe('the fields a rate-limited operation is counted by', () => {
  it('finds root fields selected through fragment spreads and inline fragments', () => {
    const { rootFields } = attempts(`
      mutation { ...Grant ... on Mutation { deleteStatus(id: "1") { id } } }
      fragment Grant on Mutation { registerAccount(input: {}) { accessToken } }
    `);
    expect(rootFields).toEqual(['registerAccount', 'deleteStatus']);
  });

  it('takes the login of a password grant from variables', () => {
    expect(attempts('mutation T($input: CreateTokenInput!) { createToken(input: $input) { accessToken } }', {
      input: { grantType: 'password', username: 'alice@example.com', password: 'x' },
    }).signIns).toEqual(['alice@example.com']);
  });

  it('takes each aliased attempt, inline or through variables, and ignores the other grants', () => {
    const { signIns } = attempts(
      `mutation($who: String) {
        a: createToken(input: { grantType: "password", username: "alice@example.com", password: "1" }) { accessToken }
        b: createToken(input: { grantType: "password", username: $who, password: "2" }) { accessToken }
        c: createToken(input: { grantType: "client_credentials" }) { accessToken }
        ... on Mutation { d: signIn(request: {}, input: { email: "carol@example.com", password: "3" }) { session } }
      }`,
      { who: 'bob@example.com' },
    );
    expect(signIns).toEqual(['alice@example.com', 'bob@example.com', 'carol@example.com']);
  });

  it('counts an attempt without a usable login under the empty login', () => {
    expect(attempts('mutation { createToken(input: { grantType: "password", username: 42 }) { accessToken } }').signIns).toEqual(['']);
    expect(attempts('mutation($i: SignInInput!) { signIn(request: {}, input: $i) { session } }', {}).signIns).toEqual(['']);
  });
});
