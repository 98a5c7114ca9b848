import { EMAIL_MAX_LENGTH } from '@site/contracts/form-fields';
import * as yup from 'yup';
import { emailField } from '../email-field';

const schema = yup.object({
  email: emailField({ required: 'Needed', invalid: 'Not an address', tooLong: 'Too long' }),
});

async function problems(email: string): Promise<string[]> {
  try {
    await schema.validate({ email }, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as yup.ValidationError).errors;
  }
}

describe('emailField', () => {
  it('trims and accepts an address', async () => {
    expect(await schema.validate({ email: '  ada@example.com ' })).toEqual({
      email: 'ada@example.com',
    });
  });

  it('says which rule failed, in the form’s own words', async () => {
    expect(await problems('   ')).toEqual(['Needed']);
    expect(await problems('ada@example')).toEqual(['Not an address']);
    expect(await problems('ada@@example.com')).toEqual(['Not an address']);
  });

  it('tells a well-formed but too long address apart', async () => {
    const domain = `${'d'.repeat(60)}.`.repeat(5) + 'com';
    const address = `ada@${domain}`;
    expect(address.length).toBeGreaterThan(EMAIL_MAX_LENGTH);
    expect(await problems(address)).toEqual(['Too long']);
  });

  it('uses the invalid words for the length unless told otherwise', async () => {
    const plain = yup.object({ email: emailField({ required: 'Needed', invalid: 'Bad' }) });
    const address = `ada@${`${'d'.repeat(60)}.`.repeat(5)}com`;
    await expect(plain.validate({ email: address })).rejects.toThrow('Bad');
  });
});
