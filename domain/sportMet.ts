// The MET values of the activities a sports class is prescribed (issue 35, 运动处方): Ainsworth BE et al. (2011)
// 2011 Compendium of Physical Activities: a second update of codes and MET values, Med Sci Sports Exerc 43(8):1575-81
// (each entry with its Compendium code). Adult values: the Youth Compendium (Butte NF et al. 2018, J Phys Act Health
// 15(4):S18) gives age-specific ones a dietitian may prefer; these are the ones schools usually cite.

export interface MetActivity {
  id: string;
  /** the 2011 Compendium code */
  code: string;
  met: number;
}

export const MET_ACTIVITIES: readonly MetActivity[] = [
  { id: 'walkingModerate', code: '17190', met: 3.5 },
  { id: 'jogging', code: '12020', met: 7.0 },
  { id: 'running10minMile', code: '12050', met: 9.8 },
  { id: 'basketballGame', code: '15055', met: 8.0 },
  { id: 'basketballGeneral', code: '15060', met: 6.0 },
  { id: 'soccerCasual', code: '15610', met: 7.0 },
  { id: 'soccerCompetitive', code: '15605', met: 10.0 },
  { id: 'swimmingLapsModerate', code: '18310', met: 5.8 },
  { id: 'ropeSkippingModerate', code: '15552', met: 11.8 },
  { id: 'badminton', code: '15030', met: 5.5 },
  { id: 'tableTennis', code: '15660', met: 4.0 },
  { id: 'volleyball', code: '15710', met: 3.0 },
  { id: 'calisthenicsModerate', code: '02020', met: 3.5 },
  { id: 'bicyclingLeisure', code: '01010', met: 4.0 },
];

export const metActivity = (id: string) => MET_ACTIVITIES.find((a) => a.id === id);
