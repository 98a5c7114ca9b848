import { primaryActionLabel, statusLabel, typeLabel, visibleTechnologies } from '../card-rules';

describe('card rules', () => {
  it('shows at most four technologies and counts the rest', () => {
    expect(visibleTechnologies(['A', 'B', 'C'])).toEqual({
      shown: ['A', 'B', 'C'],
      hiddenCount: 0,
    });
    expect(visibleTechnologies(['A', 'B', 'C', 'D'])).toEqual({
      shown: ['A', 'B', 'C', 'D'],
      hiddenCount: 0,
    });
    expect(visibleTechnologies(['A', 'B', 'C', 'D', 'E', 'F'])).toEqual({
      shown: ['A', 'B', 'C', 'D'],
      hiddenCount: 2,
    });
  });

  it('labels the main button View Live only for live projects', () => {
    expect(primaryActionLabel('live')).toBe('View Live');
    expect(primaryActionLabel('development')).toBe('Preview');
    expect(primaryActionLabel('planned')).toBe('Preview');
  });

  it('names statuses and types with their display labels', () => {
    expect([statusLabel('live'), statusLabel('development'), statusLabel('planned')]).toEqual([
      'Live',
      'In Development',
      'Planned',
    ]);
    expect([typeLabel('html'), typeLabel('react'), typeLabel('other')]).toEqual([
      'HTML/JS',
      'React',
      'Other',
    ]);
  });
});
