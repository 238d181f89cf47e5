import { ENGINEER_ROLES, FORM_ONE_FIELDS, SIGNATURES, type FormOneData } from './form-one';

/**
 * A complete, valid Form One for tests (unit, API and end-to-end): every required field,
 * plus a few optional ones, with realistic values.
 */
export function completeFormOne(overrides: FormOneData = {}): FormOneData {
  const data: FormOneData = {
    project_name: 'Shwe Pyi Tower',
    project_location: 'No. 12, Pyay Road, Kamayut Township, Yangon',
    project_owner: 'Golden Land Development Co., Ltd.',
    owner_address: 'No. 5, Inya Road, Yangon',
    project_director: 'U Aung Min',
    director_email: 'aung.min@example.test',
    director_phone: '09-421 000 111',
    submission_date: '2026-03-02',
    hpbc_registration: 'HPBC-REG-0042',
    eiet_company: 'Myanmar Inspection Services',
    eiet_address: 'No. 7, Bogyoke Road, Yangon',
    eiet_director: 'Daw Hla Hla',
    eiet_email: 'hla.hla@example.test',
    eiet_phone: '+95 9 555 0101',
    project_management: 'Yoma Project Management',
    management_address: 'No. 9, Strand Road, Yangon',
    project_manager: 'U Kyaw Zaw',
    main_contractor: 'Shwe Taung Construction',
    contractor_engineer: 'U Myo Thant',
    pe_sla: 'Daw Nwe Nwe',
    ypbs_permit: 'YPBS-2026-118',
    qc_head: 'U Tin Win',
    safety_head: 'Daw Su Su',
    project_area: '4,500 sq m',
    building_type_1: 'Residential tower',
    plinth_area_1: '1,200 sq m',
    basement_floors_1: '2',
    ground_floors_1: '18',
    total_area_1: '21,600 sq m',
    statement1: true,
    statement2: true,
    endorsement: true,
    company_name: 'Golden Land Development Co., Ltd.',
    sig_project_director_name: 'U Aung Min',
    sig_project_director_license: 'PD-1001',
    sig_architect_name: 'Daw May Thu',
    sig_architect_license: 'RA-2002',
  };
  for (const { key } of ENGINEER_ROLES) {
    data[`${key}_name`] = `${key.replace(/_/g, ' ')} engineer`;
    data[`${key}_license`] = `PE-${key.length}${key.charCodeAt(0)}`;
  }
  return { ...data, ...overrides };
}

/** Every field filled: for layouts and the PDF, where long forms must still fit. */
export function fullFormOne(): FormOneData {
  const data = completeFormOne();
  for (const f of FORM_ONE_FIELDS) {
    if (data[f.name] !== undefined) continue;
    if (f.kind === 'checkbox') data[f.name] = true;
    else if (f.kind === 'email') data[f.name] = `${f.name.replace(/_/g, '.')}@example.test`;
    else if (f.kind === 'tel') data[f.name] = '09-123 456 789';
    else if (f.kind === 'date') data[f.name] = '2026-03-02';
    else data[f.name] = `${f.messageLabel.en}`;
  }
  for (const { key } of SIGNATURES) {
    data[`${key}_license`] = `LIC-${key.length}`;
  }
  return data;
}
