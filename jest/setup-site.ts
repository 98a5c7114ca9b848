import '@testing-library/jest-dom';
import { useStaticQuery } from 'gatsby';
import { staticQueryData } from '@/testing/site-content';

// Components read content/ through static queries; answer them from the real files by default.
beforeEach(() => {
  jest.mocked(useStaticQuery).mockImplementation(() => staticQueryData());
});
