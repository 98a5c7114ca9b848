import type { Project } from '../types';

/** A valid gallery entry; tests override only the fields they are about. */
export function buildProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 'focus-timer',
    title: 'Focus Timer',
    description: 'A Pomodoro timer.',
    type: 'html',
    url: '/tools/focus-timer/',
    technologies: ['HTML', 'CSS', 'JavaScript'],
    status: 'live',
    category: 'Productivity',
    githubUrl: null,
    image: null,
    ...overrides,
  };
}
